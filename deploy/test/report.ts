// The deployment test's last lines: every check, and the exit code (1 when one failed).
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export function report(checks: Check[], took: string): number {
  const failed = checks.filter((check) => !check.ok);
  console.log(`\ntest:deploy, ${took}:`);
  for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.name}`);
  console.log(
    failed.length === 0
      ? `all ${checks.length} checks passed`
      : `${failed.length} of ${checks.length} checks failed: ${failed.map((c) => c.name).join(', ')}`,
  );
  return failed.length === 0 && checks.length > 0 ? 0 : 1;
}
