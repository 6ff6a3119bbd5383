"""Players who come back: statistics, the doubling ledger, the rating and the settlement,
all pure functions of computed session documents and the roster player of each seat."""
