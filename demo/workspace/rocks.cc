#include <rocksdb/filter_policy.h>

void Configure(rocksdb::BlockBasedTableOptions& table_options) {
  table_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10, false));
}
