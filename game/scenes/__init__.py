"""Scenes: start/settings, table, rebuy dialog, pause overlay."""
