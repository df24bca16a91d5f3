"""Recognizers: the interface, one module per backend, and the model store."""
