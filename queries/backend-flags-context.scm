; `with torch.backends.cudnn.flags(enabled=False):` and the other `torch.backends` switches
; entered in place (also as one item of `with a, b:`).
((with_item
   value: (call function: (attribute) @fn)) @report
 (#resolves-to? @fn "torch.backends.*")
 (#in-compiled-region? @report))
