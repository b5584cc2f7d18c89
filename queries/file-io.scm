((call
   function: [(identifier) (attribute)] @fn) @report
 (#resolves-to? @fn "builtins.open" "builtins.input" "io.open" "io.BytesIO" "io.StringIO"
                    "sys.stdout.write" "sys.stderr.write" "sys.stdout.flush" "sys.stderr.flush"
                    "torch.save" "torch.load" "os.open" "os.write" "os.remove" "os.makedirs"
                    "pickle.dump" "pickle.dumps" "pickle.load" "json.dump" "json.load"
                    "shutil.*" "pathlib.Path.write_text" "pathlib.Path.read_text")
 (#in-compiled-region? @report))

; Methods of a file object opened in the same function: `f.write(...)`, `f.close()`.
((block
   (expression_statement
     (assignment
       left: (identifier) @file
       right: (call function: (identifier) @open)))
   (expression_statement
     (call
       function: (attribute
         object: (identifier) @obj
         attribute: (identifier) @method)) @report))
 (#resolves-to? @open "builtins.open")
 (#eq? @obj @file)
 (#any-of? @method "write" "writelines" "read" "readline" "readlines" "close" "flush" "seek")
 (#in-compiled-region? @report))
