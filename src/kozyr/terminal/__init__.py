"""Terminal play with Rich: ``kozyr play`` (:mod:`.play`) and its rendering (:mod:`.render`)."""
