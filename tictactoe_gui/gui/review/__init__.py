"""Review a game: the evaluation graph, the judged moves, and practising the mistakes."""
