"""Every write of the app: keyword-only functions named ``<entity>_<action>``, each inside one
transaction that also writes the audit log. Views, the demo command and the tests all write
through these."""

from tournaments.services.cash import player_fee_pay, player_fee_refund
from tournaments.services.deals import (
    DealConflict,
    Recorded,
    deal_confirm,
    deal_correct,
    deal_record,
    deal_undo,
    deal_void,
)
from tournaments.services.exchange import (
    tournament_import,
    tournament_replace,
    tournament_restore,
)
from tournaments.services.organisers import (
    organiser_invite,
    organiser_remove,
    table_links_renew,
)
from tournaments.services.prizes import (
    prize_add,
    prize_category_add,
    prize_category_assign,
    prize_category_delete,
    prize_change,
    prize_delete,
    prize_rules_set,
)
from tournaments.services.public import (
    ShownNote,
    shown_key,
    shown_note,
    shown_note_read,
    shown_notes_forget,
    shown_version_advance,
)
from tournaments.services.push import push_due, push_receive, tournament_push
from tournaments.services.register import person_merge, persons_link
from tournaments.services.registration import (
    parse_player_list,
    player_add,
    player_check_in,
    player_edit,
    player_withdraw,
    players_add_list,
    team_add,
    team_rename,
    tournament_create,
    tournament_settings,
)
from tournaments.services.room import (
    announcement_set,
    next_round_set,
    round_clock_start,
    round_clock_stop,
)
from tournaments.services.rounds import (
    drawable_players,
    playable_table_sizes,
    round_draw,
    round_lock,
    round_undraw,
    seat_replace,
    seats_swap,
    tournament_finish,
)
from tournaments.services.series import (
    parse_place_points,
    series_assign,
    series_create,
    series_edit,
)
from tournaments.services.stechen import (
    stechen_lot_draw,
    stechen_record,
    stechen_tables_draw,
    stechen_tables_withdraw,
)
from tournaments.services.visibility import standings_reveal

__all__ = [
    "announcement_set",
    "next_round_set",
    "round_clock_start",
    "round_clock_stop",
    "DealConflict",
    "Recorded",
    "deal_confirm",
    "deal_correct",
    "deal_record",
    "deal_undo",
    "deal_void",
    "drawable_players",
    "organiser_invite",
    "organiser_remove",
    "parse_place_points",
    "parse_player_list",
    "person_merge",
    "persons_link",
    "playable_table_sizes",
    "player_add",
    "player_check_in",
    "player_edit",
    "player_fee_pay",
    "player_fee_refund",
    "player_withdraw",
    "players_add_list",
    "prize_add",
    "prize_category_add",
    "prize_category_assign",
    "prize_category_delete",
    "prize_change",
    "prize_delete",
    "prize_rules_set",
    "push_due",
    "push_receive",
    "round_draw",
    "round_lock",
    "round_undraw",
    "seat_replace",
    "series_assign",
    "series_create",
    "series_edit",
    "seats_swap",
    "stechen_lot_draw",
    "stechen_record",
    "stechen_tables_draw",
    "stechen_tables_withdraw",
    "ShownNote",
    "shown_key",
    "shown_note",
    "shown_note_read",
    "shown_notes_forget",
    "shown_version_advance",
    "standings_reveal",
    "table_links_renew",
    "team_add",
    "team_rename",
    "tournament_create",
    "tournament_import",
    "tournament_push",
    "tournament_replace",
    "tournament_restore",
    "tournament_finish",
    "tournament_settings",
]
