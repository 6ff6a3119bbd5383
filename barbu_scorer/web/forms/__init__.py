"""Form classes: shape checks only; limits and lists come from ``scoring``."""
