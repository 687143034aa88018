// The account screens read failed calls like every screen does (lib/errors.ts).
export { MASKED_MESSAGE, OFFLINE_MESSAGE, serverErrorOf, errorText, deliberateErrorText, type ServerError } from "../../lib/errors.ts";
