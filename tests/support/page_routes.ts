/** The public pages whose path names an event, a match or a category (":x" is filled in by the crawling tests). */
export const PAGE_ROUTES: readonly string[] = [
  "/t/:x",
  "/t/:x/tv",
  "/t/:x/poster",
  "/m/:x",
  "/overlay/match/:x",
  "/overlay/subevent/:x",
];
