"""Writes of the tournaments app: one function per use case."""
