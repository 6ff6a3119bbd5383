"""Barbu Bridge: rubber scoring, deals and the Barbu Bridge document."""
