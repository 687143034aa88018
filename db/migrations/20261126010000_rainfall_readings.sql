-- migrate:up
-- Readings include rainfall (spec: device readings; issue 22): the webhook keeps a payload's
-- `rainfall` (mm since the last uplink) in the reading's data, and the database refuses an
-- impossible amount like any other value out of range (kept in rejected_uplinks with the reason).
create or replace function app_private.uplink_problem(p_values jsonb, p_received_at timestamptz) returns text
  language sql stable
  as $$
  select case
    when p_received_at > now() + interval '5 minutes' then 'received_at is in the future'
    when jsonb_typeof(p_values) is distinct from 'object' then 'the values must be a JSON object'
    when jsonb_typeof(p_values->'water') not in ('number', 'null') then 'water must be a number'
    when jsonb_typeof(p_values->'temperature') not in ('number', 'null') then 'temperature must be a number'
    when jsonb_typeof(p_values->'conductivity') not in ('number', 'null') then 'conductivity must be a number'
    when jsonb_typeof(p_values->'ph') not in ('number', 'null') then 'ph must be a number'
    when jsonb_typeof(p_values->'battery') not in ('number', 'null') then 'battery must be a number'
    when jsonb_typeof(p_values->'rainfall') not in ('number', 'null') then 'rainfall must be a number'
    when (p_values->>'water')::numeric not between 0 and 100
      then format('water must be between 0 and 100 %% (got %s)', p_values->>'water')
    when (p_values->>'temperature')::numeric not between -40 and 85
      then format('temperature must be between -40 and 85 °C (got %s)', p_values->>'temperature')
    when (p_values->>'conductivity')::numeric not between 0 and 20000
      then format('conductivity must be between 0 and 20000 µS/cm (got %s)', p_values->>'conductivity')
    when (p_values->>'ph')::numeric not between 0 and 14
      then format('ph must be between 0 and 14 (got %s)', p_values->>'ph')
    when (p_values->>'battery')::numeric not between 2 and 4
      then format('battery must be between 2 and 4 V (got %s)', p_values->>'battery')
    -- More than a metre between two uplinks is no rain gauge's reading.
    when (p_values->>'rainfall')::numeric not between 0 and 1000
      then format('rainfall must be between 0 and 1000 mm (got %s)', p_values->>'rainfall')
  end
$$;

-- migrate:down
create or replace function app_private.uplink_problem(p_values jsonb, p_received_at timestamptz) returns text
  language sql stable
  as $$
  select case
    when p_received_at > now() + interval '5 minutes' then 'received_at is in the future'
    when jsonb_typeof(p_values) is distinct from 'object' then 'the values must be a JSON object'
    when jsonb_typeof(p_values->'water') not in ('number', 'null') then 'water must be a number'
    when jsonb_typeof(p_values->'temperature') not in ('number', 'null') then 'temperature must be a number'
    when jsonb_typeof(p_values->'conductivity') not in ('number', 'null') then 'conductivity must be a number'
    when jsonb_typeof(p_values->'ph') not in ('number', 'null') then 'ph must be a number'
    when jsonb_typeof(p_values->'battery') not in ('number', 'null') then 'battery must be a number'
    when (p_values->>'water')::numeric not between 0 and 100
      then format('water must be between 0 and 100 %% (got %s)', p_values->>'water')
    when (p_values->>'temperature')::numeric not between -40 and 85
      then format('temperature must be between -40 and 85 °C (got %s)', p_values->>'temperature')
    when (p_values->>'conductivity')::numeric not between 0 and 20000
      then format('conductivity must be between 0 and 20000 µS/cm (got %s)', p_values->>'conductivity')
    when (p_values->>'ph')::numeric not between 0 and 14
      then format('ph must be between 0 and 14 (got %s)', p_values->>'ph')
    when (p_values->>'battery')::numeric not between 2 and 4
      then format('battery must be between 2 and 4 V (got %s)', p_values->>'battery')
  end
$$;
