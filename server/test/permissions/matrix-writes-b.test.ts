// The permission matrix, part 3: the remaining mutation rows of matrix.ts.
import { runMatrix } from "./run-matrix.ts";

let n = 0;
runMatrix("permission matrix: mutations (b)", (row) => row.kind === "mutation" && n++ % 2 === 1);
