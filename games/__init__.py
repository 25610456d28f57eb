"""The rules of the five domino games, in pure Python: no models, no Django."""
