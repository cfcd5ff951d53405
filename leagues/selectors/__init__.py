"""Reads of the leagues app: each function gathers what one page or export shows."""
