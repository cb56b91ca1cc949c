//! Subtraction games: one heap, a move removes `k` stones for some `k` of a fixed finite set.
//!
//! Nim is the subtraction game whose set holds every size up to the heap; the bounded take
//! `{1, ..., L}` is Bash's game. Positions are ranked by their heap size, and every move makes
//! the heap smaller, so the space declares [`PlayOrder::Descending`] and the Grundy engine
//! evaluates it in one sweep from the empty heap up.

use solver_core::{Game, ImpartialSpace, Nimber, PlayOrder, StateId, StateSpace, grundy_table};

/// The largest heap a [`SubtractionGame`] may hold: its heaps `0..=MAX_HEAP` must fit a
/// [`StateId`].
pub const MAX_HEAP: u32 = (StateId::LIMIT - 1) as u32;

/// A subtraction set or heap bound that does not describe a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SubtractionError {
    /// Taking no stones would be a move that changes nothing, so play could go on forever.
    #[error("a subtraction set cannot hold 0: taking no stones would let play go on forever")]
    ZeroTake,
    /// The heaps would not fit a state id.
    #[error("heaps up to {0} do not fit a state space (at most {MAX_HEAP})")]
    HeapTooLarge(u32),
}

/// One heap of `0..=max_heap` stones; a move removes `k` stones for a `k` of the subtraction set
/// (at most the heap). Who cannot move loses (normal play).
///
/// ```
/// use nim::SubtractionGame;
/// use solver_core::Nimber;
///
/// // Take 1, 3 or 4: the values repeat with period 7 (0, 1, 0, 1, 2, 3, 2).
/// let game = SubtractionGame::new([1, 3, 4], 13).unwrap();
/// let values: Vec<u32> = game.values().iter().map(|v| v.0).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionGame {
    /// The subtraction set, sorted, without repeats.
    takes: Vec<u32>,
    max_heap: u32,
}

impl SubtractionGame {
    /// The game with this subtraction set on heaps `0..=max_heap`. Sizes in the set larger than
    /// `max_heap` are dropped: they can never be taken.
    pub fn new(takes: impl IntoIterator<Item = u32>, max_heap: u32) -> Result<SubtractionGame, SubtractionError> {
        if max_heap > MAX_HEAP {
            return Err(SubtractionError::HeapTooLarge(max_heap));
        }
        let mut takes: Vec<u32> = takes.into_iter().collect();
        if takes.contains(&0) {
            return Err(SubtractionError::ZeroTake);
        }
        takes.retain(|&k| k <= max_heap);
        takes.sort_unstable();
        takes.dedup();
        Ok(SubtractionGame { takes, max_heap })
    }

    /// Nim on heaps `0..=max_heap`: a move takes any positive number of stones. `O(max_heap^2)`
    /// to tabulate; [`nim_value`] is the closed form.
    pub fn nim(max_heap: u32) -> Result<SubtractionGame, SubtractionError> {
        SubtractionGame::new(1..=max_heap, max_heap)
    }

    /// Bash's game on heaps `0..=max_heap`: a move takes between 1 and `max_take` stones.
    /// [`bounded_value`] is the closed form.
    pub fn bounded(max_take: u32, max_heap: u32) -> Result<SubtractionGame, SubtractionError> {
        SubtractionGame::new(1..=max_take.min(max_heap), max_heap)
    }

    /// The subtraction set, sorted (sizes above the largest heap dropped).
    pub fn takes(&self) -> &[u32] {
        &self.takes
    }

    /// The largest heap of the space.
    pub fn max_heap(&self) -> u32 {
        self.max_heap
    }

    /// The Grundy value of every heap `0..=max_heap`, from solver-core's engine.
    /// Time `O(max_heap * |set|)`; 4 bytes per heap.
    pub fn values(&self) -> Vec<Nimber> {
        // Every move makes the heap smaller, which the declared order claims and the engine
        // checks move by move; no other error is possible for an impartial game without sums.
        grundy_table(self).expect("a move never makes a heap larger")
    }

    /// The takes from `heap` that leave a heap worth `wanted`, smallest first, given the table
    /// `values` of [`SubtractionGame::values`]: the moves of this heap in a winning move of a sum.
    ///
    /// ```
    /// use nim::SubtractionGame;
    /// use solver_core::Nimber;
    /// let game = SubtractionGame::bounded(3, 10).unwrap(); // values h mod 4
    /// let values = game.values();
    /// assert_eq!(game.takes_to(&values, 7, Nimber(0)).collect::<Vec<_>>(), [3]);
    /// assert!(game.takes_to(&values, 7, Nimber(3)).next().is_none());
    /// ```
    ///
    /// # Panics
    /// If `heap` or a heap below it has no value in `values`.
    pub fn takes_to<'a>(&'a self, values: &'a [Nimber], heap: u32, wanted: Nimber) -> impl Iterator<Item = u32> + 'a {
        self.takes
            .iter()
            .copied()
            .take_while(move |&k| k <= heap)
            .filter(move |&k| values[(heap - k) as usize] == wanted)
    }
}

/// The Grundy value of a Nim heap: the heap itself (every smaller heap is one move away).
pub fn nim_value(heap: u32) -> Nimber {
    Nimber(heap)
}

/// The Grundy value of a heap in Bash's game (take 1 to `max_take`): `heap mod (max_take + 1)`,
/// since the options of `heap` are the `max_take` heaps below it.
pub fn bounded_value(heap: u32, max_take: u32) -> Nimber {
    match max_take.checked_add(1) {
        Some(period) => Nimber(heap % period),
        None => Nimber(heap),
    }
}

impl Game for SubtractionGame {
    /// The number of stones in the heap.
    type State = u32;
}

impl StateSpace for SubtractionGame {
    fn len(&self) -> usize {
        self.max_heap as usize + 1
    }

    fn rank(&self, heap: &u32) -> StateId {
        assert!(*heap <= self.max_heap, "heap {heap} is outside the space 0..={}", self.max_heap);
        StateId::from_u32(*heap).expect("heaps of the space fit a StateId")
    }

    fn unrank(&self, id: StateId) -> u32 {
        id.as_u32()
    }

    fn play_order(&self) -> Option<PlayOrder> {
        Some(PlayOrder::Descending)
    }
}

impl ImpartialSpace for SubtractionGame {
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId])) {
        // Ids are heap sizes, so a move is a subtraction on the id: no unrank, no allocation.
        let heap = id.as_u32();
        for &k in self.takes.iter().take_while(|&&k| k <= heap) {
            option(&[StateId::from_u32(heap - k).expect("a smaller heap fits")]);
        }
    }
}
