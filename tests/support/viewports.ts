/** The screens the browser tests open pages on. */

/** A phone held upright. */
export const PHONE = { width: 390, height: 844 };
/** A laptop: the director's desk. */
export const LAPTOP = { width: 1366, height: 768 };
/** A full-HD screen: the venue's TV. */
export const FULL_HD = { width: 1920, height: 1080 };
