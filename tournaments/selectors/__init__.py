"""Reads of the tournaments app for its pages, its calls and its record."""
