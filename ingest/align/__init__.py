"""Alignment of editions: which rule of one edition is which rule of another (the rule's identity
across editions, since numbers move). ``match`` aligns two editions of one language, ``lineage``
follows rules through a language's chain, ``links`` joins translations and undated copies,
``stage`` runs it all at the end of a build and stores it (read back by ``kb.store.history``)."""
