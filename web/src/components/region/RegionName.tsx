import { useRegionName } from './regionApi';

/** A legal-dong code by its full name; the code itself until the name arrives or when unknown. */
export function RegionName({ code }: { code: string }) {
  const { data } = useRegionName(code);
  return <>{data ?? code}</>;
}
