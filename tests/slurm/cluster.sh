#!/usr/bin/env bash
# A one-node SLURM test cluster on this machine, from Debian's packages, without systemd.
#
#   tests/slurm/cluster.sh start     install (if missing), configure, start; prints the
#                                    `export SLURM_CONF=...` line the client commands need
#   tests/slurm/cluster.sh stop      cancel its jobs, stop exactly the daemons it started
#   tests/slurm/cluster.sh status    the daemons' PIDs and the node's state
#   tests/slurm/cluster.sh install   only install the packages (what `start` does first):
#                                    .ci/run starts this in the background at once, and a
#                                    `start` meanwhile waits for it (one lock)
#
# Everything lives in one state directory (TEXTSIM_SLURM_DIR, default /tmp/textsim-slurm):
# configuration, spool, logs, the MariaDB data and the PID of every daemon started. The
# one file outside it is the symlink /etc/slurm/slurm.conf -> <dir>/etc/slurm.conf
# (`srun` inside a job reads the default path: the Snakemake job-step plugin drops
# SLURM_CONF from the job's environment); `start` refuses if a slurm.conf of another
# installation is there, and `stop` removes the link. The node has this machine's CPUs and (90% of its) memory and no GPU; one
# partition, `cpu`; accounting by slurmdbd (MariaDB) so that `sacct` works; account
# `textsim` for the calling user. Daemons listen on localhost only (ports 6917-6919, 3399).
# Needs root and apt-get (Debian or Ubuntu). Starting twice is harmless (running daemons
# are kept); `stop` kills only the PIDs recorded by `start`, never by name.
set -euo pipefail

DIR="${TEXTSIM_SLURM_DIR:-/tmp/textsim-slurm}"
CLUSTER=textsim
ACCOUNT=textsim
PARTITION=cpu
CTLD_PORT=6917
SLURMD_PORT=6918
DBD_PORT=6919
DB_PORT=3399
SYSTEM_CONF=/etc/slurm/slurm.conf
PACKAGES=(slurmctld slurmd slurm-client munge slurmdbd mariadb-server)
INSTALL_LOCK=/tmp/textsim-slurm-install.lock # one package installation at a time
DAEMONS=(munged mariadbd slurmdbd slurmctld slurmd) # start order; stop is the reverse

say() { echo "slurm test cluster: $*" >&2; }
die() {
  say "error: $*"
  exit 1
}

pid_of() { # the recorded PID of a daemon, if that process still runs
  local f="$DIR/run/$1.pid" pid
  [ -s "$f" ] || return 1
  pid="$(cat "$f")"
  [ -d "/proc/$pid" ] || return 1
  echo "$pid"
}

wait_for() { # wait_for SECONDS DESCRIPTION COMMAND...: poll until COMMAND succeeds
  local limit="$1" what="$2"
  shift 2
  local deadline=$((SECONDS + limit))
  while [ $SECONDS -lt $deadline ]; do
    timeout 10 "$@" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  die "$what did not come up within ${limit}s (logs: $DIR/log)"
}

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "apt-get not found: install ${missing[*]} by hand"
  say "installing ${missing[*]}"
  # packages must not start their own daemons (there is no init system to stop them)
  local policy=/usr/sbin/policy-rc.d created=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" \
    >"$DIR/log/apt.log" 2>&1 || {
    [ -n "$created" ] && rm -f "$policy"
    die "apt-get install failed (see $DIR/log/apt.log)"
  }
  [ -n "$created" ] && rm -f "$policy"
  return 0
}

install() { # the packages, under the lock a concurrent `start` waits on
  [ "$(id -u)" -eq 0 ] || die "needs root (it installs packages)"
  mkdir -p "$DIR/log"
  {
    flock 9
    install_packages
  } 9>"$INSTALL_LOCK"
}

write_config() {
  local host cpus mem_mb
  host="$(hostname -s)"
  cpus="$(nproc)"
  mem_mb="$(awk '/MemTotal/ {printf "%d", $2 / 1024 * 0.9}' /proc/meminfo)"
  cat >"$DIR/etc/slurm.conf" <<EOF
# written by tests/slurm/cluster.sh
ClusterName=$CLUSTER
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$DIR/run/munge.socket
CredType=cred/munge
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
StateSaveLocation=$DIR/spool/ctld
SlurmdSpoolDir=$DIR/spool/d
SlurmctldPidFile=$DIR/run/slurmctld.daemon.pid
SlurmdPidFile=$DIR/run/slurmd.daemon.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$DBD_PORT
AccountingStoragePass=$DIR/run/munge.socket
AccountingStorageEnforce=associations
AccountingStoreFlags=job_comment
MinJobAge=300
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=$PARTITION Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  cat >"$DIR/etc/slurmdbd.conf" <<EOF
# written by tests/slurm/cluster.sh
AuthType=auth/munge
AuthInfo=socket=$DIR/run/munge.socket
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$DBD_PORT
SlurmUser=root
PidFile=$DIR/run/slurmdbd.daemon.pid
LogFile=$DIR/log/slurmdbd.log
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$DB_PORT
StorageUser=slurm
StoragePass=textsim-test
StorageLoc=slurm_acct_db
EOF
  chmod 600 "$DIR/etc/slurmdbd.conf"
}

# Each daemon is started in the background and its PID recorded once its own PID file
# (written after it forks) appears; run/<daemon>.pid is ours, the daemon's is *.daemon.pid.
record() { # record NAME DAEMON_PID_FILE
  wait_for 60 "$1" test -s "$2"
  cat "$2" >"$DIR/run/$1.pid"
}

start_munged() {
  [ -s "$DIR/etc/munge.key" ] || {
    dd if=/dev/urandom of="$DIR/etc/munge.key" bs=1024 count=1 status=none
    chmod 400 "$DIR/etc/munge.key"
  }
  munged --force --key-file="$DIR/etc/munge.key" --socket="$DIR/run/munge.socket" \
    --pid-file="$DIR/run/munged.daemon.pid" --log-file="$DIR/log/munged.log" \
    --seed-file="$DIR/spool/munge.seed"
  record munged "$DIR/run/munged.daemon.pid"
}

start_mariadbd() {
  if [ ! -d "$DIR/mysql/mysql" ]; then
    mariadb-install-db --user=root --datadir="$DIR/mysql" --auth-root-authentication-method=socket \
      >"$DIR/log/mariadb-install.log" 2>&1 || die "mariadb-install-db failed ($DIR/log)"
  fi
  (setsid mariadbd --user=root --datadir="$DIR/mysql" --socket="$DIR/run/mysql.sock" \
    --pid-file="$DIR/run/mariadbd.daemon.pid" --bind-address=127.0.0.1 --port=$DB_PORT \
    --log-error="$DIR/log/mariadbd.log" --innodb-buffer-pool-size=64M --innodb-lock-wait-timeout=900 \
    </dev/null >/dev/null 2>&1 &)
  record mariadbd "$DIR/run/mariadbd.daemon.pid"
  wait_for 60 "MariaDB" mariadb --socket="$DIR/run/mysql.sock" -e "SELECT 1"
  mariadb --socket="$DIR/run/mysql.sock" <<EOF
CREATE USER IF NOT EXISTS 'slurm'@'127.0.0.1' IDENTIFIED BY 'textsim-test';
CREATE USER IF NOT EXISTS 'slurm'@'localhost' IDENTIFIED BY 'textsim-test';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';
EOF
}

start_slurmdbd() {
  slurmdbd
  record slurmdbd "$DIR/run/slurmdbd.daemon.pid"
  wait_for 60 "slurmdbd" sacctmgr -n list cluster
}

start_slurmctld() {
  # the cluster and account must exist in the database before jobs are accepted
  sacctmgr -n list cluster format=cluster | grep -qw "$CLUSTER" ||
    sacctmgr -i add cluster "$CLUSTER" >/dev/null
  sacctmgr -n list account format=account | grep -qw "$ACCOUNT" ||
    sacctmgr -i add account "$ACCOUNT" cluster="$CLUSTER" description="textsim tests" \
      organization=textsim >/dev/null
  local user
  user="$(id -un "${SUDO_UID:-$(id -u)}")"
  for u in root "$user"; do
    sacctmgr -n list assoc user="$u" account="$ACCOUNT" format=user | grep -qw "$u" ||
      sacctmgr -i add user "$u" account="$ACCOUNT" cluster="$CLUSTER" >/dev/null
  done
  slurmctld
  record slurmctld "$DIR/run/slurmctld.daemon.pid"
  wait_for 60 "slurmctld" scontrol ping
}

start_slurmd() {
  slurmd
  record slurmd "$DIR/run/slurmd.daemon.pid"
  wait_for 60 "the node" bash -c "sinfo -h -N -o %t | grep -qE '^(idle|mix|alloc)'"
}

start() {
  [ "$(id -u)" -eq 0 ] || die "needs root (it installs packages and starts daemons)"
  mkdir -p "$DIR"/{etc,run,log,spool/ctld,spool/d,mysql}
  install # waits for an installation already under way (.ci/run starts one at once)
  write_config
  export SLURM_CONF="$DIR/etc/slurm.conf"
  if [ -e "$SYSTEM_CONF" ] || [ -L "$SYSTEM_CONF" ]; then
    [ "$(readlink "$SYSTEM_CONF")" = "$SLURM_CONF" ] ||
      die "$SYSTEM_CONF belongs to another SLURM installation; not touching it"
  else
    mkdir -p "$(dirname "$SYSTEM_CONF")"
    ln -s "$SLURM_CONF" "$SYSTEM_CONF"
  fi
  for d in "${DAEMONS[@]}"; do
    if pid_of "$d" >/dev/null; then
      say "$d already running (PID $(pid_of "$d"))"
    else
      "start_$d"
      say "$d started (PID $(pid_of "$d"))"
    fi
  done
  echo "export SLURM_CONF=$SLURM_CONF"
}

stop() {
  export SLURM_CONF="$DIR/etc/slurm.conf"
  if pid_of slurmctld >/dev/null; then
    scancel --full --user="$(id -un)" 2>/dev/null || true # this cluster's jobs only
  fi
  local i d pid
  for ((i = ${#DAEMONS[@]} - 1; i >= 0; i--)); do
    d="${DAEMONS[$i]}"
    pid="$(pid_of "$d")" || {
      rm -f "$DIR/run/$d.pid"
      continue
    }
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 120); do
      [ -d "/proc/$pid" ] || break
      sleep 0.25
    done
    if [ -d "/proc/$pid" ]; then
      say "$d (PID $pid) ignored SIGTERM for 30 s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$DIR/run/$d.pid"
    say "$d stopped (PID $pid)"
  done
  if [ "$(readlink "$SYSTEM_CONF" 2>/dev/null)" = "$SLURM_CONF" ]; then rm -f "$SYSTEM_CONF"; fi
}

status() {
  export SLURM_CONF="$DIR/etc/slurm.conf"
  local d rc=0
  for d in "${DAEMONS[@]}"; do
    if pid_of "$d" >/dev/null; then echo "$d running (PID $(pid_of "$d"))"; else
      echo "$d not running"
      rc=3
    fi
  done
  [ $rc -eq 0 ] && sinfo -N -o "%N %P %c %m %t"
  return $rc
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
install) install ;;
*)
  echo "usage: $0 start|stop|status|install" >&2
  exit 2
  ;;
esac
