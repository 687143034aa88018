-- migrate:up
-- Band limits a thing or device overrides (decisions.md): all three, each 0-100 percent, rising.
-- Same messages and order as the form (web/src/features/things/thing-meta.ts).
create function app_hidden.check_hydration_levels(value jsonb) returns boolean
  language plpgsql immutable
  as $$
declare
  v_dry numeric;
  v_needs numeric;
  v_good numeric;
begin
  if value is null then
    return true;
  end if;
  if jsonb_typeof(value) <> 'object' or jsonb_typeof(value->'dry') is distinct from 'number'
     or jsonb_typeof(value->'needsWater') is distinct from 'number' or jsonb_typeof(value->'good') is distinct from 'number' then
    return app_hidden.invalid('Enter all three limits');
  end if;
  v_dry := (value->>'dry')::numeric;
  v_needs := (value->>'needsWater')::numeric;
  v_good := (value->>'good')::numeric;
  if least(v_dry, v_needs, v_good) < 0 or greatest(v_dry, v_needs, v_good) > 100 then
    return app_hidden.invalid('Limits must be between 0 and 100 percent');
  end if;
  if not (v_dry < v_needs and v_needs < v_good) then
    return app_hidden.invalid('Each limit must be higher than the one before');
  end if;
  return true;
end;
$$;
grant execute on function app_hidden.check_hydration_levels(jsonb) to bk_anonymous;

alter table app_public.things add constraint things_hydration_levels_valid check (app_hidden.check_hydration_levels(hydration_levels));
alter table app_public.devices add constraint devices_hydration_levels_valid check (app_hidden.check_hydration_levels(hydration_levels));

-- migrate:down
alter table app_public.devices drop constraint devices_hydration_levels_valid;
alter table app_public.things drop constraint things_hydration_levels_valid;
drop function app_hidden.check_hydration_levels(jsonb);
