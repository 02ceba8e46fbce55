/** The built-in objects whose own properties a polyfill bundle may replace. */
function builtInObjects(): Record<string, object> {
  const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
  const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;
  return {
    Array,
    'Array.prototype': Array.prototype,
    ArrayBuffer,
    'ArrayBuffer.prototype': ArrayBuffer.prototype,
    Function: Function.prototype,
    'Iterator.prototype': iteratorPrototype,
    JSON,
    Map,
    'Map.prototype': Map.prototype,
    Math,
    Number,
    'Number.prototype': Number.prototype,
    Object,
    'Object.prototype': Object.prototype,
    Promise,
    'Promise.prototype': Promise.prototype,
    Reflect,
    'RegExp.prototype': RegExp.prototype,
    Set,
    'Set.prototype': Set.prototype,
    String,
    'String.prototype': String.prototype,
    Symbol,
    'TypedArray.prototype': typedArrayPrototype,
    Uint8Array,
    'Uint8Array.prototype': Uint8Array.prototype,
    WeakMap: WeakMap.prototype,
  };
}

interface NotedProperty {
  owner: object;
  name: string;
  key: PropertyKey;
  descriptor: PropertyDescriptor;
}

export type BuiltInSnapshot = NotedProperty[];

/** Every own property of the built-ins as it is now. */
export function snapshotBuiltIns(): BuiltInSnapshot {
  const noted: NotedProperty[] = [];
  for (const [ownerName, owner] of Object.entries(builtInObjects())) {
    for (const key of Reflect.ownKeys(owner)) {
      const descriptor = Object.getOwnPropertyDescriptor(owner, key);
      if (descriptor) noted.push({ owner, name: `${ownerName}.${String(key)}`, key, descriptor });
    }
  }
  return noted;
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
}

/**
 * Puts back every noted property that has since been replaced, and names them; properties added
 * since are left alone. A property that can no longer be redefined stays as it is.
 */
export function restoreReplacedBuiltIns(snapshot: BuiltInSnapshot): string[] {
  const restored: string[] = [];
  for (const { owner, name, key, descriptor } of snapshot) {
    const now = Object.getOwnPropertyDescriptor(owner, key);
    if (!now || sameDescriptor(now, descriptor) || now.configurable === false) continue;
    Object.defineProperty(owner, key, descriptor);
    restored.push(name);
  }
  return restored;
}
