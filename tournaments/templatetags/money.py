"""``{{ amount|euros }}``: an amount in euros as the page's language writes it."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext

register = template.Library()


@register.filter
def euros(amount: Decimal | None) -> str:
    """``Decimal("5")`` → "5,00 €" in German, "€5.00" in English; a negative amount with a
    minus sign before it ("−5,00 €"); ``None`` → "". Raises nothing."""
    if amount is None:
        return ""
    figure = number_format(abs(amount), decimal_pos=2, use_l10n=True)
    # Translators: an amount in euros; German puts the sign after it, with a non-breaking space.
    text = gettext("€%(amount)s") % {"amount": figure}
    return f"−{text}" if amount < 0 else text
