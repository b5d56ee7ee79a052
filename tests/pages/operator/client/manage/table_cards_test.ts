import assert from "node:assert/strict";
import { calledText } from "../../../../../pages/operator/client/manage/table_cards.ts";

Deno.test("calledText() says the call, since when, and who is missing", () => {
  assert.equal(calledText("Ana v Ben", "10:32", 4, ""), "Called: Ana v Ben · since 10:32 (4 min)");
  assert.equal(
    calledText("Ana v Ben", "10:32", 7, "Ana is still playing on table 3"),
    "Called: Ana v Ben · since 10:32 (7 min) · missing: Ana is still playing on table 3",
  );
  assert.equal(calledText("Ana v Ben", "10:32", -1, ""), "Called: Ana v Ben · since 10:32 (0 min)");
});
