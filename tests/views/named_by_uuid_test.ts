import assert from "node:assert/strict";
import { namedByUuid, type ViewDeps } from "../../views/view.ts";

const deps = {} as ViewDeps;
const asked: string[] = [];
const view = namedByUuid({
  version: (_deps, id) => Promise.resolve(`v:${id}`),
  load: (_deps, id) => {
    asked.push(id);
    return Promise.resolve({ id });
  },
});

Deno.test("namedByUuid() answers null for an id that is not a UUID, without asking the view", async () => {
  assert.equal(await view.version(deps, "not-a-uuid"), null);
  assert.equal(await view.load(deps, "not-a-uuid"), null);
  assert.deepEqual(asked, []);
});

Deno.test("namedByUuid() asks the view with the UUID in lowercase", async () => {
  const id = "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D";
  assert.equal(await view.version(deps, id), `v:${id.toLowerCase()}`);
  assert.deepEqual(await view.load(deps, id), { id: id.toLowerCase() });
});
