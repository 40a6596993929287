/**
 * A second report of the same post or person by the same reporter
 * (CreateReport): nothing is stored; the web page and the API answer 409.
 */
export class DuplicateReport extends Error {}
