/**
 * Walks a transition table: every pair of states is tried with the machine's own predicate, and
 * each answer must agree with the table. Returns the moves the predicate allowed and refused, so a
 * test can also pin them down.
 */
export function walkMoves<S extends string>(states: readonly S[], moves: Readonly<Record<S, readonly S[]>>, canMove: (from: string, to: string) => boolean): { allowed: string[]; refused: string[] } {
  const allowed: string[] = [];
  const refused: string[] = [];
  for (const from of states) {
    for (const to of states) {
      const inTable = moves[from].includes(to);
      const answer = canMove(from, to);
      if (answer !== inTable) throw new Error(`${from}→${to}: the table says ${inTable}, the predicate ${answer}`);
      (answer ? allowed : refused).push(`${from}→${to}`);
    }
  }
  return { allowed, refused };
}
