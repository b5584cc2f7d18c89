print "x"
try:
    pass
except E, e:
    pass
