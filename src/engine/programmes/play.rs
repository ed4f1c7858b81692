//! The rest of a turn after the draw (docs/rules/programmes.md §5.2–5.4): revealing the program,
//! laying down new sets, extending melds, and the discard that ends the turn: their legal moves,
//! checks and effects.

use super::*;

impl Programmes {
    /// The new sets `seat` may lay down (after revealing), in the legal list's order: by rank,
    /// then by the naturals used (each subset of the naturals held; wilds only once every natural
    /// of the rank is used), then by the number of wilds.
    pub fn new_sets(hand: CardMultiset) -> Vec<Vec<Placed>> {
        let wilds = reveal::wilds_of(hand);
        let mut out = Vec::new();
        for rank in Rank::all().filter(|&r| r != Rank::TWO) {
            let held = hand.rank_counts(rank);
            let total: u8 = held.iter().sum();
            if total == 0 || total as usize + wilds.len() < 3 {
                continue;
            }
            for a in (0..=held[0]).rev() {
                for b in (0..=held[1]).rev() {
                    for c in (0..=held[2]).rev() {
                        for d in (0..=held[3]).rev() {
                            let used = [a, b, c, d];
                            let n: u8 = used.iter().sum();
                            if n == 0 {
                                continue;
                            }
                            let max_wilds = if used == held { wilds.len() } else { 0 };
                            for k in 0..=max_wilds {
                                if n as usize + k < 3 {
                                    continue;
                                }
                                let mut cards = Vec::with_capacity(n as usize + k);
                                for (s, &u) in used.iter().enumerate() {
                                    for _ in 0..u {
                                        cards.push(Placed::natural(Card::new(rank, Suit::from_index(s))));
                                    }
                                }
                                let mut count = used;
                                for &w in &wilds[..k] {
                                    let suit = reveal::fewest(program_deck::SuitMask::ALL, &count);
                                    count[suit.index()] += 1;
                                    cards.push(Placed::wild(w, Card::new(rank, suit)));
                                }
                                out.push(cards);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The extensions `hand` allows on the table's melds, in the legal list's order: by meld
    /// number, then the natural cards in card order, then the first wild of the hand at each end.
    pub fn extensions(&self, hand: CardMultiset) -> Vec<(usize, Placed)> {
        let mut out = Vec::new();
        let wild = hand.iter().find(|&c| is_wild(c));
        for (number, meld) in self.melds.iter().enumerate() {
            for card in hand.distinct().iter().filter(|&c| !is_wild(c)) {
                if meld.extension_end(number, Placed::natural(card)).is_ok() {
                    out.push((number, Placed::natural(card)));
                }
            }
            if let Some(w) = wild {
                let mut previous = None;
                for end in [End::Low, End::High, End::Set] {
                    if let Some(value) = meld.wanted_at(end) {
                        let placed = Placed::wild(w, value);
                        if previous != Some(value) && meld.extension_end(number, placed).is_ok() {
                            out.push((number, placed));
                            previous = Some(value);
                        }
                    }
                }
            }
        }
        out
    }

    pub(super) fn play_phase_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = self.hands[seat];
        if !self.has_revealed(seat) {
            if let Some(program) = self.programs[seat] {
                let round_ends = self.revealed | 1 << seat == self.all_seats() || self.done[seat] + 1 >= self.options.target;
                for combos in canonical_reveals(hand, program.card(), reveal::MAX_LISTED_REVEALS) {
                    let laid: CardMultiset = combos.iter().flatten().map(|p| p.card).collect();
                    let action = Action::Reveal(combos);
                    // The rare lay-down that leaves only the taken card: the full check decides.
                    if self.strands(hand.checked_sub(laid).expect("found in the hand"), round_ends).is_none()
                        || self.check(seat, &action).is_ok()
                    {
                        out.push(action);
                    }
                }
            }
        } else {
            for cards in Self::new_sets(hand) {
                let laid: CardMultiset = cards.iter().map(|p| p.card).collect();
                let action = Action::Meld(cards);
                if self.strands(hand.checked_sub(laid).expect("found in the hand"), false).is_none() || self.check(seat, &action).is_ok() {
                    out.push(action);
                }
            }
            for (meld, card) in self.extensions(hand) {
                let mut after = hand;
                after.remove(card.card);
                let action = Action::Extend { meld, card };
                if self.strands(after, false).is_none() || self.check(seat, &action).is_ok() {
                    out.push(action);
                }
            }
        }
        // Which discards the card taken from the discard pile allows is `check`'s to say.
        for card in hand.distinct().iter() {
            let action = Action::Discard(card);
            if self.check(seat, &action).is_ok() {
                out.push(action);
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Checking actions
    // -----------------------------------------------------------------------------------------

    /// Why laying down, leaving `after` in the hand, might leave the seat unable to end its turn:
    /// only copies of the card it took from the discard pile would remain, and that card may not
    /// be discarded. (The turn can still end by laying those copies too: [`Self::strands_after`].)
    pub(super) fn strands(&self, after: CardMultiset, round_ends: bool) -> Option<Card> {
        let taken = self.taken_from_discard?;
        if round_ends || after.is_empty() || after.iter().any(|c| c != taken) {
            return None;
        }
        Some(taken)
    }

    /// [`Self::strands`] for a lay-down checked as `checked`, unless after it the seat can lay the
    /// copies left in its hand on the table and go out (docs/rules/programmes.md §5.4: no discard
    /// then).
    pub(super) fn strands_after(
        &self,
        seat: Seat,
        action: &Action,
        checked: &Checked,
        after: CardMultiset,
        round_ends: bool,
    ) -> Option<Card> {
        let why = self.strands(after, round_ends)?;
        (!self.trying(seat, action, checked.clone()).lays_out(seat)).then_some(why)
    }

    /// A copy of the game, unlogged, with `action` (checked as `checked`) played: to look ahead.
    pub(super) fn trying(&self, seat: Seat, action: &Action, checked: Checked) -> Programmes {
        let mut next = self.clone();
        next.logging = false;
        next.apply(seat, action, checked);
        next
    }

    /// Whether `seat`, having revealed, can lay its whole hand on the table's melds, one
    /// extension after another (the hand is then only copies of one card: a few at most).
    pub(super) fn lays_out(&self, seat: Seat) -> bool {
        let hand = self.hands[seat];
        if !self.has_revealed(seat) || hand.is_empty() {
            return false;
        }
        self.extensions(hand).into_iter().any(|(meld, card)| {
            let mut rest = hand;
            rest.remove(card.card);
            if rest.is_empty() {
                return true;
            }
            let Ok(end) = self.melds[meld].extension_end(meld, card) else { return false };
            self.trying(seat, &Action::Extend { meld, card }, Checked::Extend(end)).lays_out(seat)
        })
    }

    /// Checks a move after the draw: revealing, laying down, extending, and the discard that ends
    /// the turn.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn check_play(&self, seat: Seat, action: &Action) -> Result<Checked, Refusal> {
        let hand = self.hands[seat];
        let revealed = self.has_revealed(seat);
        match action {
            Action::DrawStock | Action::DrawDiscard => Err(Refusal::AlreadyDrew(seat)),
            Action::ExchangeProgram => Err(Refusal::ExchangeAfterDraw),
            Action::Discard(card) => {
                if !hand.contains(*card) {
                    return Err(Refusal::Turn(TurnRefusal::NotHeld { seat, card: *card }));
                }
                if self.taken_from_discard == Some(*card) && (hand.iter().any(|c| c != *card) || self.lays_out(seat)) {
                    return Err(Refusal::TakenFromDiscard(*card));
                }
                Ok(Checked::Simple)
            }
            Action::Reveal(combos) => {
                if revealed {
                    return Err(Refusal::AlreadyRevealed(seat));
                }
                let program = self.programs[seat].ok_or(Refusal::NoProgram(seat))?;
                let checked = Checked::Reveal(check_reveal(hand, program.card(), combos).map_err(Refusal::Reveal)?);
                let laid = reveal::cards_laid(hand, combos).map_err(Refusal::Hand)?;
                let after = hand.checked_sub(laid).expect("the cards were checked");
                let round_ends = self.revealed | 1 << seat == self.all_seats() || self.done[seat] + 1 >= self.options.target;
                if let Some(card) = self.strands_after(seat, action, &checked, after, round_ends) {
                    return Err(Refusal::Strands(card));
                }
                Ok(checked)
            }
            Action::Meld(cards) => {
                if !revealed {
                    return Err(Refusal::MeldBeforeReveal(seat));
                }
                let shape = combination_shape(cards).map_err(Refusal::Shape)?;
                if let Shape::Run { .. } = shape {
                    return Err(Refusal::NewRun);
                }
                let laid = reveal::cards_laid(hand, std::slice::from_ref(cards)).map_err(Refusal::Hand)?;
                let checked = Checked::Meld(shape);
                if let Some(card) = self.strands_after(seat, action, &checked, hand.checked_sub(laid).expect("checked"), false) {
                    return Err(Refusal::Strands(card));
                }
                Ok(checked)
            }
            Action::Extend { meld, card } => {
                if !revealed {
                    return Err(Refusal::ExtendBeforeReveal(seat));
                }
                let m = self.melds.get(*meld).ok_or(Refusal::NoMeld { meld: *meld, melds: self.melds.len() })?;
                if !hand.contains(card.card) {
                    return Err(Refusal::Turn(TurnRefusal::NotHeld { seat, card: card.card }));
                }
                let checked = Checked::Extend(m.extension_end(*meld, *card).map_err(Refusal::Extension)?);
                let mut after = hand;
                after.remove(card.card);
                if let Some(card) = self.strands_after(seat, action, &checked, after, false) {
                    return Err(Refusal::Strands(card));
                }
                Ok(checked)
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Applying actions
    // -----------------------------------------------------------------------------------------

    /// Removes laid or discarded cards from `seat`'s hand and from what the table knows it holds.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn take_from_hand(&mut self, seat: Seat, card: Card) {
        let removed = self.hands[seat].remove(card);
        debug_assert!(removed, "{card} was checked to be in hand");
        self.known[seat].remove(card);
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn apply_play(&mut self, seat: Seat, action: &Action, checked: Checked) {
        match (action, checked) {
            (Action::Discard(card), _) => {
                self.take_from_hand(seat, *card);
                self.discard.push(*card);
                let card = *card;
                self.log(|| Event::Discarded { seat, card });
                if self.hands[seat].is_empty() {
                    self.end_round(RoundEnd::WentOut { seat });
                } else {
                    self.turns += 1;
                    let next = self.next_seat(seat);
                    self.begin_turn(next);
                }
            }
            (Action::Reveal(combos), Checked::Reveal(found)) => {
                let program = self.programs[seat].expect("checked");
                let first = self.melds.len();
                for (cards, (shape, directive)) in combos.iter().zip(found) {
                    for p in cards {
                        self.take_from_hand(seat, p.card);
                    }
                    let lasting = self.options.strict_constraints.then(|| Lasting::of(&program.card().directives[directive]));
                    self.melds.push(Meld::new(seat, shape, cards, lasting));
                }
                self.revealed |= 1 << seat;
                self.complete(seat, program);
                let (programs_done, melds) = (self.done[seat], (first..self.melds.len()).collect());
                self.log(|| Event::Revealed { seat, program, melds, programs_done });
                self.after_laying(seat);
            }
            (Action::Meld(cards), Checked::Meld(shape)) => {
                for p in cards {
                    self.take_from_hand(seat, p.card);
                }
                let meld = self.melds.len();
                self.melds.push(Meld::new(seat, shape, cards, None));
                let cards = cards.clone();
                self.log(|| Event::Melded { seat, meld, cards });
                self.after_laying(seat);
            }
            (Action::Extend { meld, card }, Checked::Extend(end)) => {
                self.take_from_hand(seat, card.card);
                self.melds[*meld].extend(*card, end);
                let (meld, card) = (*meld, *card);
                self.log(|| Event::Extended { seat, meld, card });
                self.after_laying(seat);
            }
            _ => unreachable!("check_play() and apply_play() agree on the action kind"),
        }
    }

    /// After cards were laid: the target, every player revealed, or an empty hand ends things.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn after_laying(&mut self, seat: Seat) {
        self.extenders = melds::table_extenders(&self.melds);
        if self.done[seat] >= self.options.target {
            self.end_game(GameEnd::Target { seat });
        } else if self.revealed == self.all_seats() {
            self.end_round(RoundEnd::AllRevealed);
        } else if self.hands[seat].is_empty() {
            self.end_round(RoundEnd::WentOut { seat });
        }
    }
}
