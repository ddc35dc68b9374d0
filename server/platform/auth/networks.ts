/** Whether an address is in one of the IPv4 networks (`a.b.c.d` or `a.b.c.d/n`); IPv4-mapped IPv6 addresses count as IPv4. */
export function inNetworks(ip: string, networks: string[]): boolean {
  const address = toNumber(ip.replace(/^::ffff:/, ''));
  if (address === null) return false;
  return networks.some((network) => {
    const [base, bits = '32'] = network.split('/');
    const start = toNumber(base!);
    const n = Number(bits);
    if (start === null || !(n >= 0 && n <= 32)) return false;
    const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
    return ((address & mask) >>> 0) === ((start & mask) >>> 0);
  });
}

function toNumber(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}
