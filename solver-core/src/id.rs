//! Dense position identifiers: the checked [`StateId`] newtype.

use std::fmt;

/// The index of a position in a dense [`StateSpace`](crate::StateSpace): `0..len`.
///
/// A `u32` rather than a `usize` halves the memory of every table and queue the engines keep;
/// [`StateId::LIMIT`] bounds the size of a space. Construction is checked, so an id always fits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StateId(u32);

/// A number too large to be a [`StateId`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("state index {index} is not below the limit {limit} of StateId", limit = StateId::LIMIT)]
pub struct StateIdError {
    /// The rejected index.
    pub index: usize,
}

impl StateId {
    /// Every id is below this bound, so a space holds at most `LIMIT` positions.
    pub const LIMIT: usize = u32::MAX as usize;

    /// The id with the given index, if it is below [`StateId::LIMIT`].
    ///
    /// ```
    /// use solver_core::StateId;
    /// assert_eq!(StateId::new(7).unwrap().index(), 7);
    /// assert!(StateId::new(StateId::LIMIT).is_err());
    /// ```
    pub fn new(index: usize) -> Result<StateId, StateIdError> {
        if index < Self::LIMIT { Ok(StateId(index as u32)) } else { Err(StateIdError { index }) }
    }

    /// The id with the given `u32` index, if it is below [`StateId::LIMIT`].
    pub fn from_u32(index: u32) -> Result<StateId, StateIdError> {
        StateId::new(index as usize)
    }

    /// An id read back from an engine's own storage, where only ids of a space were written.
    #[inline]
    pub(crate) fn from_space_index(index: u32) -> StateId {
        debug_assert!((index as usize) < Self::LIMIT);
        StateId(index)
    }

    /// The index of this id, for addressing a table.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as the `u32` it is stored in.
    #[inline]
    pub fn as_u32(self) -> u32 {
        self.0
    }

    /// Every id of a space with `len` positions, in increasing order.
    ///
    /// # Panics
    /// If `len` exceeds [`StateId::LIMIT`]: a [`StateSpace`](crate::StateSpace) never has more.
    pub fn all(len: usize) -> impl DoubleEndedIterator<Item = StateId> + ExactSizeIterator {
        assert!(len <= Self::LIMIT, "a state space holds at most StateId::LIMIT positions");
        (0..len as u32).map(StateId)
    }
}

impl fmt::Debug for StateId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl fmt::Display for StateId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
