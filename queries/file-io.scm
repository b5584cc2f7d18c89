((call
   function: [(identifier) (attribute)] @fn) @report
 (#resolves-to? @fn "builtins.open" "builtins.input" "io.open" "io.BytesIO" "io.StringIO"
                    "sys.stdout.write" "sys.stderr.write" "sys.stdout.flush" "sys.stderr.flush"
                    "torch.save" "torch.load" "os.open" "os.write" "os.remove" "os.makedirs"
                    "pickle.dump" "pickle.dumps" "pickle.load" "json.dump" "json.load"
                    "shutil.*" "pathlib.Path.write_text" "pathlib.Path.read_text")
 (#in-compiled-region? @report))

; Methods of a file object opened earlier in the same block: `f = open(p)` ... `f.write(...)`.
((expression_statement
   (call
     function: (attribute
       object: (identifier) @obj
       attribute: (identifier) @method)) @report)
 (#any-of? @method "write" "writelines" "read" "readline" "readlines" "close" "flush" "seek")
 (#assigned-earlier-in-block? @report @obj "builtins.open")
 (#in-compiled-region? @report))
