/**
 * Backups (cli/backup.ts): a copy made while the real server is writing holds every write acknowledged before
 * it started and passes integrity_check; restoring it over a store that crashed afterwards (SIGKILL, a WAL
 * left behind) brings back exactly the backed-up state, and the server starts and serves it. Plus the
 * command's usage and refusals, in-process.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { BACKUP_USAGE, defaultBackupPath, runBackup } from "../../cli/backup.ts";
import {
  prepareSqliteStore,
  REPO_ROOT,
  reportFigure,
  spawnServer,
  sqliteFolderTest,
  taskPermissions,
} from "../support/server.ts";
import { until } from "../support/wait.ts";
import { addDraftEvents, demoWithAdmin } from "../support/demo_store.ts";

/** The permissions of `deno task backup` (deno.json), or those it is documented with until it is there. */
const BACKUP_PERMISSIONS = (() => {
  try {
    return taskPermissions("backup");
  } catch {
    return ["--allow-env=DATABASE_URL", "--allow-read=./data", "--allow-write=./data"];
  }
})();

const BACKUP_PATH = `${REPO_ROOT}cli/backup.ts`;

/** Runs `deno run <task flags> cli/backup.ts <args>` in `cwd`. */
async function backupCommand(cwd: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...BACKUP_PERMISSIONS, BACKUP_PATH, ...args],
    cwd,
    env: { DATABASE_URL: "sqlite:./data/tournament.db", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b).trim();
  return { code: out.code, out: decode(out.stdout), err: decode(out.stderr) };
}

function statusOf(path: string): Map<string, string> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db.prepare("SELECT slug, status FROM events WHERE slug LIKE 'bk-%'").all() as {
      slug: string;
      status: string;
    }[];
    return new Map(rows.map((r) => [r.slug, r.status]));
  } finally {
    db.close();
  }
}

function tokenLabels(path: string): Set<string> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db.prepare("SELECT label FROM tokens").all() as { label: string }[];
    return new Set(rows.map((r) => r.label));
  } finally {
    db.close();
  }
}

function integrity(path: string): string {
  const db = new DatabaseSync(path);
  try {
    return (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[])
      .map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

sqliteFolderTest(
  "[backup] a copy made while the server writes is consistent, and restoring it after a crash works",
  "tt-rel-backup-",
  async (cwd) => {
    let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const now = new Date();
      const admin = await prepareSqliteStore(cwd, async (store) => {
        // The demo first: it loads only into an empty store.
        const secret = await demoWithAdmin(store, "backup admin", now);
        await addDraftEvents(store, 80, "bk", "Backup Cup", now);
        return secret;
      });
      server = await spawnServer({ cwd });
      const origin = server.origin;
      const headers = { Authorization: `Bearer ${admin}` };
      const publish = async (slug: string, how = "publish") => {
        const res = await fetch(`${origin}/api/manage/events/${slug}/${how}`, { method: "POST", headers });
        await res.body?.cancel();
        return res.status === 200;
      };

      const makeToken = async (label: string) => {
        const res = await fetch(`${origin}/api/manage/tokens`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify({ role: "scorer", label }),
        });
        await res.body?.cancel();
        return res.status === 201;
      };

      for (let i = 0; i < 20; i++) assert.ok(await publish(`bk-${i}`));
      // A writer keeps writing until the backup is done, however long either takes: the other events
      // published, then scorer tokens made.
      type Write = { event?: string; token?: string };
      const acked: Write[] = [];
      let stop = false;
      const writer = (async () => {
        for (let i = 20; !stop; i++) {
          if (i < 80) {
            if (await publish(`bk-${i}`)) acked.push({ event: `bk-${i}` });
          } else if (await makeToken(`bk-during-${i}`)) acked.push({ token: `bk-during-${i}` });
        }
      })();
      await until(() => acked.length >= 1, "the writer's first acknowledged write");
      const ackedBefore = [...acked];
      const made = await backupCommand(cwd, ["data/backups/during.db"]);
      stop = true;
      await writer;
      assert.equal(made.code, 0, made.err);
      assert.match(
        made.out,
        /^Backed up "\.\/data\/tournament\.db" to "data\/backups\/during\.db" \(.+, integrity ok\)/,
      );
      const copy = `${cwd}/data/backups/during.db`;
      assert.equal(integrity(copy), "ok");
      const inCopy = statusOf(copy);
      const tokensInCopy = tokenLabels(copy);
      const before: Write[] = [
        ...Array.from({ length: 20 }, (_, i) => ({ event: `bk-${i}` })),
        ...ackedBefore,
      ];
      for (const { event, token } of before) {
        if (event) {
          assert.equal(inCopy.get(event), "published", `${event}, published before the backup, is in it`);
        }
        if (token) assert.ok(tokensInCopy.has(token), `${token}, made before the backup, is in it`);
      }
      assert.ok(acked.length > ackedBefore.length, "writes went on while the backup ran");

      // After the backup: a change, then a crash that leaves it in the WAL.
      assert.ok(await publish("bk-0", "unpublish"));
      server.signal("SIGKILL");
      await server.exited;
      assert.ok(await exists(`${cwd}/data/tournament.db-wal`), "the crash left a WAL behind");

      const restored = await backupCommand(cwd, ["--restore", "data/backups/during.db"]);
      assert.equal(restored.code, 0, restored.err);
      assert.match(restored.out, /^Restored "data\/backups\/during\.db" to "\.\/data\/tournament\.db"/);
      assert.equal(await exists(`${cwd}/data/tournament.db-wal`), false, "the old WAL is gone");
      assert.equal(integrity(`${cwd}/data/tournament.db`), "ok");
      assert.deepEqual(statusOf(`${cwd}/data/tournament.db`), inCopy, "the store is exactly the copy");

      const again = server = await spawnServer({ cwd });
      for (const slug of ["bk-0", "bk-19", "demo-open-2026"]) {
        const res: Response = await fetch(`${again.origin}/api/v1/events/${slug}`);
        assert.equal(res.status, 200, `${slug} is served after the restore`);
        await res.body?.cancel();
      }
      const exit = await again.stop();
      assert.equal(exit.code, 0);
      assert.equal(integrity(`${cwd}/data/tournament.db`), "ok");
      reportFigure(
        "backup",
        `${made.out.replace(/^Backed up .* \(/, "(")}; restore: ${restored.out.replace(/^.* in /, "")}`,
      );
    } finally {
      await server?.dispose();
    }
  },
);

Deno.test("defaultBackupPath() puts the copy in a backups folder next to the store, named by UTC time", () => {
  const at = new Date("2026-11-28T14:05:09.123Z");
  assert.equal(defaultBackupPath("./data/tournament.db", at), "./data/backups/tournament-20261128-140509.db");
  assert.equal(defaultBackupPath("store.db", at), "./backups/store-20261128-140509.db");
});

Deno.test("runBackup() refuses bad usage (2), PostgreSQL and in-memory stores, and an existing file (1)", async () => {
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(`out: ${l}`), err: (l: string) => lines.push(`err: ${l}`) };
  const env = (url: string) => (name: string) => name === "DATABASE_URL" ? url : undefined;
  assert.equal(await runBackup(["a", "b"], env("sqlite:./x.db"), io), 2);
  assert.equal(await runBackup(["--restore"], env("sqlite:./x.db"), io), 2);
  assert.equal(await runBackup(["--force"], env("sqlite:./x.db"), io), 2);
  assert.equal(lines.at(-1), `err: ${BACKUP_USAGE}`);
  assert.equal(await runBackup([], env("postgres://u:secret@db.example/t"), io), 1);
  assert.match(lines.at(-1)!, /use pg_dump/);
  assert.doesNotMatch(lines.at(-1)!, /secret/);
  assert.equal(await runBackup([], env("sqlite::memory:"), io), 1);
  assert.match(lines.at(-1)!, /in-memory store has no file/);

  const dir = await Deno.makeTempDir({ prefix: "tt-rel-backup-cli-" });
  try {
    const store = `${dir}/s.db`;
    const db = new DatabaseSync(store);
    db.exec("CREATE TABLE events (id TEXT); INSERT INTO events VALUES ('e1')");
    db.close();
    assert.equal(await runBackup([`${dir}/copy.db`], env(`sqlite:${store}`), io), 0);
    assert.match(lines.at(-1)!, /^out: Backed up .* \(\d+ KiB, 1 events, integrity ok\)/);
    assert.equal(await runBackup([`${dir}/copy.db`], env(`sqlite:${store}`), io), 1);
    assert.match(lines.at(-1)!, /the file exists already/);
    assert.equal(await runBackup(["--restore", `${dir}/nothing.db`], env(`sqlite:${store}`), io), 1);
    assert.match(lines.at(-1)!, /no such file/);
    assert.equal(await runBackup([], env(`sqlite:${dir}/missing.db`), io), 1);
    assert.match(lines.at(-1)!, /no such file/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
