"""A tiny Llama-like decoder split over several modules, transformers style (see case.py)."""
