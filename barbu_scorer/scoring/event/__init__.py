"""Club night events: the movement (who sits where), the ranking across tables, the pace."""
