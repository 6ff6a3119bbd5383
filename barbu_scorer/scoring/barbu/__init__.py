"""Barbu: schemes, hands, doubles, sessions and the session document."""
