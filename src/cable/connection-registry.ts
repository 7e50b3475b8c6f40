import type { CableUser } from "./channel.ts";

/**
 * One server's open connections, each also found by the people it belongs to (its user, and whoever
 * is acting as them), so a "disconnect this user" order reaches every socket they opened.
 */
export class ConnectionRegistry<C extends { readonly user: CableUser }> implements Iterable<C> {
  private readonly all = new Set<C>();
  private readonly byUser = new Map<string, Set<C>>();

  add(connection: C): void {
    this.all.add(connection);
    for (const key of keysOf(connection.user)) {
      let mine = this.byUser.get(key);
      if (!mine) this.byUser.set(key, (mine = new Set()));
      mine.add(connection);
    }
  }

  delete(connection: C): void {
    this.all.delete(connection);
    for (const key of keysOf(connection.user)) {
      const mine = this.byUser.get(key);
      mine?.delete(connection);
      if (mine?.size === 0) this.byUser.delete(key);
    }
  }

  /** A copy, so closing each one (which takes it out of the registry) cannot upset the loop. */
  ofUser(userId: string): C[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  get size(): number {
    return this.all.size;
  }

  [Symbol.iterator](): Iterator<C> {
    return this.all[Symbol.iterator]();
  }
}

/** The people a socket belongs to: its user, and whoever is acting as them. */
function keysOf(user: CableUser): string[] {
  return user.actingId === undefined ? [String(user.id)] : [String(user.id), String(user.actingId)];
}
