((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "time.time" "time.time_ns" "time.perf_counter" "time.perf_counter_ns"
                    "time.monotonic" "time.monotonic_ns" "time.process_time" "time.sleep"
                    "os.getpid" "os.getppid" "os.urandom" "os.times" "importlib.import_module"
                    "random.*" "uuid.uuid4" "socket.gethostname" "datetime.datetime.now")
 ; Random's constructors build an object; uniform/randint/randrange Dynamo traces (measured on
 ; torch 2.11, 2.13, 2.14.1: MusicGen's LayerDrop `random.uniform(0, 1)` does not break).
 (#not-match? @fn "^random\\.(Random|SystemRandom|uniform|randint|randrange)$")
 (#in-compiled-region? @report))
