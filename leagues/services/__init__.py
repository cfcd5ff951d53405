"""Writes of the leagues app: one function per use case, each in one transaction."""
