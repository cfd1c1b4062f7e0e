"""Fixtures of the web-layer tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def desk(client, organiser):
    """The test client, logged in as the tournaments' organiser (the desk's requests)."""
    client.force_login(organiser)
    return client
