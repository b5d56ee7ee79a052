/**
 * POST /api/manage/events/import (admin): the body is an event file (docs/import-format.md). A file with any
 * problem changes nothing and answers 400 with every problem and its JSON path; a valid one is imported in one
 * transaction (importing the same file twice changes nothing) and the import is written to the audit log. A file
 * that would remove or change what the desk made on the event (event_file/import_losses.ts) answers 409
 * `import-would-remove`, listing each in `losses`, unless sent with `?replace=true`. Sent with `?dryRun=true`, it
 * writes nothing and answers 200 with what the import would add, change and remove (event_file/import_preview.ts).
 */
import { Hono } from "hono";
import { writeAudit } from "../../db/audit.ts";
import { ImportError, importEventInTransaction } from "../../event_file/import.ts";
import type { ImportProblem } from "../../event_file/format.ts";
import { parseEventFile } from "../../event_file/validate.ts";
import { importLosses } from "../../event_file/import_losses.ts";
import { previewImport } from "../../event_file/import_preview.ts";
import type { AppDeps } from "../../http/deps.ts";
import { type ManageEnv, requireAdmin } from "./auth.ts";
import { HttpError } from "../../http/problem.ts";
import { requireJsonType } from "./bodies.ts";
import { envelope } from "./serialize.ts";
import { writeTransaction } from "../../db/write_transaction.ts";

/** The import route, mounted at /api/manage/events/import. */
export function importRoute(deps: AppDeps): Hono<ManageEnv> {
  const app = new Hono<ManageEnv>();
  app.post("/", async (c) => {
    requireAdmin(c.var.token, "import an event");
    requireJsonType(c);
    const parsed = await parseEventFile(await c.req.text());
    if (!parsed.ok) throw invalidFile(parsed.errors);
    const now = deps.clock();
    const file = parsed.file;
    if (c.req.query("dryRun") === "true") {
      const preview = await previewImport(deps.store.db, file, now).catch((e) => {
        if (e instanceof ImportError) throw invalidFile(e.problems);
        throw e;
      });
      return c.json(envelope(preview, now));
    }
    if (c.req.query("replace") !== "true") {
      const losses = await importLosses(deps.store.db, file);
      if (losses.length > 0) {
        throw new HttpError(
          409,
          "import-would-remove",
          `Cannot import "${file.event.slug}" without replacing what the desk made: ${losses[0]}` +
            (losses.length > 1 ? ` (and ${losses.length - 1} more)` : "") + "; send it with ?replace=true",
          { extensions: { losses } },
        );
      }
    }
    const result = await writeTransaction(deps.store.db, async (trx) => {
      const done = await importEventInTransaction(trx, file, now);
      await writeAudit(trx, {
        at: now,
        actor: c.var.token.label,
        action: "event.import",
        eventId: done.eventId,
        detail: { slug: file.event.slug, changed: done.changed, counts: done.counts },
      });
      return done;
    }).catch((e) => {
      if (e instanceof ImportError) throw invalidFile(e.problems);
      throw e;
    });
    return c.json(envelope({ ...result, slug: file.event.slug }, now), result.changed ? 201 : 200);
  });
  return app;
}

/** A 400 naming the first problem of the file (and listing all of them with their JSON paths). */
function invalidFile(problems: readonly ImportProblem[]): HttpError {
  const first = problems[0] ?? { path: "", message: "the file is not valid" };
  return new HttpError(
    400,
    "invalid-event-file",
    `Cannot import the event file: ${first.path ? `${first.path}: ` : ""}${first.message}` +
      (problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ""),
    {
      extensions: {
        field: first.path,
        errors: problems.map((p) => ({ field: p.path, message: p.message, code: p.code, params: p.params })),
      },
    },
  );
}
