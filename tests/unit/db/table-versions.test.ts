import { describe, expect, it } from "vitest";
import { isCurrent, learnCascades, noteStatement, readSoFar, stampOf, tablesIn, watchStatements } from "#db/table-versions.server.ts";

describe("tablesIn", () => {
  it.each([
    ["SELECT `main`.`Job`.`id` FROM `main`.`Job` LEFT JOIN `main`.`Account` AS `j1` ON 1 WHERE 1", ["Job", "Account"]],
    ['SELECT COUNT(*) FROM Message m JOIN "Load" l ON l.id = m.loadId', ["Message", "Load"]],
    ["SELECT * FROM (SELECT id FROM `main`.`Quote`) AS q", ["Quote"]],
    ["INSERT INTO `main`.`Quote` (`jobId`) VALUES (?) RETURNING `id`", ["Quote"]],
    ['UPDATE "Notification" SET readAt = ? WHERE userId = ?', ["Notification"]],
    ["DELETE FROM `main`.`Session` WHERE `sid` = ?", ["Session"]],
    ["PRAGMA foreign_keys = ON", []],
  ])("%s → %j", (sql, tables) => {
    expect(tablesIn(sql)).toEqual(tables);
  });
});

describe("table versions", () => {
  it("a write makes stale only the stamps of the tables it names", () => {
    const stamp = stampOf(["TvJob"]);
    noteStatement("UPDATE `main`.`TvOther` SET x = 1");
    expect(isCurrent(stamp)).toBe(true);
    noteStatement("INSERT INTO `main`.`TvJob` (x) VALUES (1)");
    expect(isCurrent(stamp)).toBe(false);
  });

  it.each([["PRAGMA user_version = 3"], ["REINDEX"]])("%s (names no table) makes every stamp stale", (sql) => {
    const stamp = stampOf(["TvJob"]);
    noteStatement(sql);
    expect(isCurrent(stamp)).toBe(false);
  });

  it("a delete before the schema's cascades are known makes every stamp stale", () => {
    const stamp = stampOf(["TvJob"]);
    noteStatement("DELETE FROM `main`.`TvElse` WHERE 1");
    expect(isCurrent(stamp)).toBe(false);
  });

  it("a delete makes stale its table and every table its cascades reach, and no other", () => {
    learnCascades([["TvQuote", "TvJob"], ["TvStop", "TvLoad"], ["TvLoad", "TvJob"]]);
    const stamps = ["TvJob", "TvQuote", "TvLoad", "TvStop", "TvAccount"].map((table) => [table, stampOf([table])] as const);
    noteStatement("DELETE FROM `main`.`TvJob` WHERE id = ?");
    expect(stamps.map(([table, stamp]) => [table, isCurrent(stamp)])).toEqual([["TvJob", false], ["TvQuote", false], ["TvLoad", false], ["TvStop", false], ["TvAccount", true]]);
    const load = stampOf(["TvLoad"]);
    noteStatement("DELETE FROM `main`.`TvStop` WHERE id = ?");
    expect(isCurrent(load)).toBe(true);
  });

  it.each([["BEGIN"], ["COMMIT"], ["ROLLBACK"], ["SAVEPOINT s1"], ["RELEASE s1"]])("%s changes nothing by itself", (sql) => {
    const stamp = stampOf(["TvJob"]);
    noteStatement(sql);
    expect(isCurrent(stamp)).toBe(true);
  });

  it("reads change nothing", () => {
    const stamp = stampOf(["TvJob"]);
    noteStatement("SELECT * FROM `main`.`TvJob`");
    expect(isCurrent(stamp)).toBe(true);
  });

  it("watched work is stamped with the versions from when it began, so a write while it ran shows", async () => {
    const stamp = await watchStatements(async () => {
      noteStatement("SELECT * FROM `main`.`TvPage`");
      noteStatement("UPDATE `main`.`TvPage` SET x = 1");
      return readSoFar(["TvUser"]);
    });
    expect(stamp).toBeUndefined();
    const before = await watchStatements(async () => {
      noteStatement("SELECT * FROM `main`.`TvPage`");
      await Promise.resolve();
      return readSoFar(["TvUser"]);
    });
    expect(before?.tables.map(([table]) => table)).toEqual(["TvPage", "TvUser"]);
    expect(isCurrent(before!)).toBe(true);
    const during = await watchStatements(async () => {
      noteStatement("SELECT * FROM `main`.`TvPage`");
      await new Promise((resolve) => setTimeout(resolve, 1));
      return readSoFar();
    });
    noteStatement("UPDATE `main`.`TvUser` SET x = 1");
    expect([isCurrent(before!), isCurrent(during!)]).toEqual([false, true]);
  });

  it("a write by other work while the watched work runs leaves its stamp stale", async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const watched = watchStatements(async () => {
      noteStatement("SELECT * FROM `main`.`TvBoard`");
      await paused;
      return readSoFar();
    });
    noteStatement("UPDATE `main`.`TvBoard` SET x = 2");
    release();
    const stamp = await watched;
    expect(stamp && isCurrent(stamp)).toBe(false);
  });

  it("outside watched work nothing is stamped", () => {
    expect(readSoFar()).toBeUndefined();
  });
});
