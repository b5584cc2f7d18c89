((call
   function: (attribute) @fn) @report
 (#resolves-to? @fn "time.time" "time.time_ns" "time.perf_counter" "time.perf_counter_ns"
                    "time.monotonic" "time.monotonic_ns" "time.process_time" "time.sleep"
                    "os.getpid" "os.getppid" "os.urandom" "os.times" "importlib.import_module"
                    "random.*" "uuid.uuid4" "socket.gethostname" "datetime.datetime.now")
 (#not-match? @fn "^random\\.(Random|SystemRandom)$")
 (#in-compiled-region? @report))
