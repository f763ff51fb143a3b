// Text that is one line (names, usernames, phone numbers, e-mail addresses, a product's name): it never holds a line
// break or another control character, which would break the lines it is shown on, an e-mail's headers and greeting,
// and a CSV or log line it is written to. Texts meant to hold lines (a description, an address, a chat message) are
// free of this rule.

// C0 and C1 controls (CR and LF among them, and tab), DEL, and Unicode's line and paragraph separators.
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether a text is one line: no line break or other control character anywhere in it. */
export const isSingleLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

/** The message for a one-line field that is not: `label` names it as people see it ("First name"). */
export const notSingleLine = (label: string): string =>
  `${label} must be a single line of text, without line breaks or control characters`;
