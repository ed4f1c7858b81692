// Records with explicit deals for the Programmes tests: every card of the 108 placed, so the human
// can reveal, extend and go out on cue.
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const PROGRAM_IDS = [...Array.from({ length: 40 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`), 'SUN1', 'SUN2'];

/** The 108 cards: every card twice and four jokers. */
export function pack108() {
  const cards = [];
  for (const s of SUITS) for (const r of RANKS) cards.push(r + s, r + s);
  cards.push('JK', 'JK', 'JK', 'JK');
  return cards;
}

/** A deal: the given hands (the rest of each hand filled from `filler` order), the stock top first. */
export function deal(hands, stockTop = []) {
  const left = pack108();
  const take = (card) => {
    const i = left.indexOf(card);
    if (i < 0) throw new Error(`no ${card} left for the layout`);
    left.splice(i, 1);
    return card;
  };
  const fixed = hands.map((h) => h.map(take));
  const top = stockTop.map(take);
  // Fill hands with cards nobody can use much: alternating far-apart values of mixed suits.
  const filled = fixed.map((h) => {
    while (h.length < 13) {
      const i = left.findIndex((c) => c !== 'JK' && !c.startsWith('2'));
      h.push(left.splice(i, 1)[0]);
    }
    return h;
  });
  return { hands: filled, stock: [...top, ...left] };
}

/**
 * Three players, the human (seat 0) first. Round 1: the human holds program P14 (a set of three
 * and a run of four) and can reveal after taking the wild 2♣ from the discard pile, extend the run
 * at both ends, lay a new set of kings, place the wild and go out. Round 2: the human's next
 * program (P26, three natural sevens) is in hand at once: revealing it reaches the target of 2 and ends
 * the game. With `sun`, the next program card is a sun instead: it ends the game at once.
 */
export function revealRecord({ lang = 'en', sun = false } = {}) {
  const round1 = deal(
    [
      ['9H', '9S', '9D', '4S', '5S', '6S', '7S', '8S', '3S', 'KC', 'KD', 'KH', 'QD'],
      ['AH', '4D', '8C', '10H', 'QC', '6D', 'JH', '3C', '7D', 'KS', '5H', '9C', 'JD'],
      ['AD', '5C', '9S', 'JC', '4H', '8D', 'QH', '3D', '7C', '10S', '6H', 'AC', '10D'],
    ],
    // The top card is turned up: the wild 2♣ waits on the discard pile.
    ['2C', '10C'],
  );
  const round2 = deal(
    [
      ['7C', '7H', '7S', 'AS', '3H', '7D', '9C', 'JS', 'KH', '4C', '8H', 'QS', '10C'],
      ['AH', '4D', '8C', '10H', 'QC', '6D', 'JH', '3C', '7D', 'KS', '5S', '9D', 'JD'],
      ['AD', '6C', '9S', 'JC', '4H', '8D', 'QH', '3D', '7C', '10S', '6H', 'AC', '10D'],
    ],
    ['KC', 'QD', 'JH'],
  );
  const programs = ['P14', 'P38', 'P10'];
  const first = sun ? ['SUN1', 'P26'] : ['P26'];
  const programDeck = [...first, ...PROGRAM_IDS.filter((p) => !programs.includes(p) && !first.includes(p))];
  return {
    format: 1,
    game: 'programmes',
    players: 3,
    seats: ['human', 'easy', 'easy'],
    names: [lang === 'fr' ? 'Vous' : 'You', 'Ada', 'Bob'],
    options: { target: 2 },
    seed: 4242,
    first_dealer: 2,
    deals: [{ ...round1, programs, program_deck: programDeck }, round2],
    actions: [],
  };
}

/**
 * Two players, the human (seat 0) first with program P07 (a run of four) and only 4♥ 5♥ 6♥ 7♥ in
 * hand; the 8♥ waits on the discard pile. Taking it and revealing 4♥–7♥ leaves only the 8♥, which
 * may not be discarded this turn: laying it on the run goes out
 * (docs/rules/programmes.md §5.4).
 */
export function lastCardTakenRecord({ lang = 'en' } = {}) {
  const left = pack108();
  const take = (card) => left.splice(left.indexOf(card), 1)[0];
  const hands = [['4H', '5H', '6H', '7H'].map(take), ['3C', '9D', 'QS', 'JS', '10C'].map(take)];
  const discard = [take('8H')];
  const programs = ['P07', 'P02'];
  return {
    format: 1,
    game: 'programmes',
    players: 2,
    seats: ['human', 'easy'],
    names: [lang === 'fr' ? 'Vous' : 'You', 'Ada'],
    seed: 11,
    first_dealer: 1,
    deals: [{ hands, discard, stock: left, programs, program_deck: PROGRAM_IDS.filter((p) => !programs.includes(p)) }],
    actions: [],
  };
}
