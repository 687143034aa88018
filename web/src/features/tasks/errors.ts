// The task screens read failed calls like every screen does (lib/errors.ts).
export { errorText } from "../../lib/errors.ts";
