"""The game catalog and showdown resolution (RULES.md S, P and G rules).

- `definition`: the GameDef format (data, not code paths); `options`: the options vocabulary
  and house settings a showdown's `options` may set (`apply_options`);
- `layouts`: which board cards may combine (registered by name);
- `registry`: every catalog module's games, by id;
- `pots`: who is paid and who owes (P rules), side payments (registered by name);
- `adjustments`: rules that change hands once every hand at the table is known (registered by
  name and named in a definition's `adjustments`; Breaker's joker);
- `showdown`: the `python -m rules showdown` JSON in, the result out; `showdown_input`: that
  JSON read and checked (the payout reads its players the same way).
- `antes`: what each player puts in before the next deal (P7 and the Baltimore Exception).
- `drops`: a hand everybody dropped (P11, P14); `words`: a game's rules in plain words.

Readings chosen where the seeds are vague (each can be changed by an option or a definition):
- A hand that ties the dummy (kitty, old man, ghost) has not beaten it: the dummy keeps that
  side (P9).
- A split pot where no hand qualifies for one side (a high qualifier such as Boise's trips, or
  a low qualifier): the other side's winner takes the whole pot, both ways round; when nobody
  qualifies either way the pot stays.
- Old Man: a side that someone went for and nobody won stays in the pot; on the last round it
  is shared by the players who declared that side and stopped (001's closing remark).
  A side nobody went for is shared by its declarers (P12).
- Pigging "win-or-tie" (Forty-Three) and "share-ties" (Real Poker) resolve the same way: a
  pigger who wins or ties every side stays in and shares the sides tied; "house" (P1) needs
  every side won outright.
- Last round (P5): a loser pays the amount they would have matched to the winners of what
  they contested, split evenly; an odd white chip goes to the first of them.
- Deadly Low: a player is dead when any card of their lowest rank is face up (P13, S13's
  "lowest": aces count only when every card is an ace).
- Burn as a fraction of the pot rounds down to a white chip; a progressive burn's cap in round n
  is burn_cap + (n - 1) * burn_step (P4).
- Breaker (003): the engine plays the joker for its holder exactly when breaking makes the
  holder win, and never when there is no straight or flush to break (the seed's note to
  example 1: a Breaker is not a plain kicker). Players who folded break nothing and are not
  broken.
- A player who said stop (P12) pays nothing, even when an up card killed the hand (P13).
- Legs (P10): a lone player, or everybody who stayed in tying on every side, take a leg and
  nobody matches; a leg that reaches the number needed takes the pot and ends the game.
"""
