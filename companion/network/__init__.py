"""Network play through the club's PostgreSQL (issue 38), the pure side.

A table is a list of rows on the server (`link.TableLink`, implemented by `db.network`): seats'
moves, the server's public chance draws, deals and reveals of hidden cards. Each laptop replays
the rows with its own engine (`session.TableSession`), filling what its seats cannot see
(`cards.CardView`), decides its own seats' moves and chance calls (`driver`), and at the end
replays the whole game with every card known to confirm the result (`session.full_record`).
"""
