/**
 * Ids of (name, path) skill refs, looked up by the two strings themselves:
 * the candidates of every turn carry the catalog's own strings, whose hashes
 * V8 keeps, where a joined key was a new string to build and hash for each
 * of ten candidates a turn.
 */
export class SkillRefIds {
  private readonly byName = new Map<string, Map<string, number>>();
  private count = 0;

  get(name: string, path: string): number | undefined {
    return this.byName.get(name)?.get(path);
  }

  set(name: string, path: string, id: number): void {
    let byPath = this.byName.get(name);
    if (!byPath) {
      byPath = new Map();
      this.byName.set(name, byPath);
    }
    if (!byPath.has(path)) this.count++;
    byPath.set(path, id);
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.byName.clear();
    this.count = 0;
  }
}
