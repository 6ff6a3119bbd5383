"""Blueprints: thin views over scoring/ and the store."""
