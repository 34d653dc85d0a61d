// File: mxfp4/gpu/platform/hip_runtime.h
//
// The subset of the HIP runtime API that mxfp4 uses: errors, devices and their
// properties, memory, streams, events, graphs, kernel attributes
// (spec: shared/spec/gpu-design.md, "HIP on NVIDIA").
//
// On AMD this is simply <hip/hip_runtime_api.h>. On NVIDIA, Debian's HIP 5.2
// headers do not compile against CUDA 13, so this header declares the hip*
// names itself and hip_runtime_cuda.cu.cc implements them with the CUDA
// runtime (or hip_runtime_stub.cc, without nvcc, returns hipErrorNoDevice).
// Declarations only, no CUDA header: host code compiled by g++ can include it.
// Types are chosen to be identical to CUDA's (hipStream_t is cudaStream_t), so
// nvcc TUs can hand them to <<<...>>> directly; error numbers are CUDA's
// (HIP uses the same numbers for the names below).
//
// Call these through MXFP4_HIP_RETURN_IF_ERROR (mxfp4/gpu/platform/status.h)
// so that every failure becomes an absl::Status naming the call, file and line.

#ifndef MXFP4_GPU_PLATFORM_HIP_RUNTIME_H_
#define MXFP4_GPU_PLATFORM_HIP_RUNTIME_H_

#include "mxfp4/gpu/platform/vendor.h"

#if defined(MXFP4_GPU_VENDOR_AMD)
#include <hip/hip_runtime_api.h>
#else  // NVIDIA: our own declarations.

#include <cstddef>

struct CUstream_st;
struct CUevent_st;
struct CUgraph_st;
struct CUgraphExec_st;
struct CUgraphNode_st;

typedef struct CUstream_st* hipStream_t;
typedef struct CUevent_st* hipEvent_t;
typedef struct CUgraph_st* hipGraph_t;
typedef struct CUgraphExec_st* hipGraphExec_t;
typedef struct CUgraphNode_st* hipGraphNode_t;

// Error codes. Any CUDA error number may be returned (the enum has int
// storage); hipGetErrorName/hipGetErrorString describe every one.
enum hipError_t : int {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorNotInitialized = 3,
  hipErrorDeinitialized = 4,
  hipErrorInsufficientDriver = 35,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorNoBinaryForGpu = 209,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchFailure = 719,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999,
};

enum hipMemcpyKind : int {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
};

enum hipStreamCaptureMode : int {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal = 1,
  hipStreamCaptureModeRelaxed = 2,
};

enum hipFuncAttribute : int {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
};

// Stream creation flag: no implicit synchronization with the null stream.
inline constexpr unsigned int hipStreamNonBlocking = 0x01;
// Event creation flag: no timing (cheaper record/sync).
inline constexpr unsigned int hipEventDisableTiming = 0x02;

// The device properties mxfp4 reads (a subset of HIP's hipDeviceProp_t, same
// field names so code is source-compatible with real HIP).
struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  size_t sharedMemPerBlockOptin;
  size_t sharedMemPerMultiprocessor;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsPerMultiProcessor;
  int multiProcessorCount;
  int major;
  int minor;
  int l2CacheSize;
  int memoryBusWidth;
  int pciBusID;
};

// Devices.
hipError_t hipGetDeviceCount(int* count);
hipError_t hipGetDevice(int* device);
hipError_t hipSetDevice(int device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device);
hipError_t hipDeviceSynchronize();
hipError_t hipDriverGetVersion(int* version);
hipError_t hipRuntimeGetVersion(int* version);

// Errors.
hipError_t hipGetLastError();
hipError_t hipPeekAtLastError();
const char* hipGetErrorName(hipError_t error);
const char* hipGetErrorString(hipError_t error);

// Memory.
hipError_t hipMalloc(void** ptr, size_t bytes);
hipError_t hipFree(void* ptr);
hipError_t hipHostMalloc(void** ptr, size_t bytes, unsigned int flags = 0);
hipError_t hipHostFree(void* ptr);
hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total_bytes);
hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind,
                          hipStream_t stream = nullptr);
hipError_t hipMemset(void* dst, int value, size_t bytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t bytes, hipStream_t stream = nullptr);

// Streams.
hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags = 0);

// Events.
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = nullptr);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);

// Graphs (capture a stream, replay with one launch).
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* graph);
hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, hipGraphNode_t* error_node,
                               char* log_buffer, size_t log_size);
hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t exec);
hipError_t hipGraphDestroy(hipGraph_t graph);

// Kernel attributes and occupancy; `func` is the kernel's address
// (reinterpret_cast<const void*>(&kernel)).
hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* num_blocks, const void* func,
                                                        int block_size, size_t dynamic_smem);

#endif  // MXFP4_GPU_VENDOR_AMD

#endif  // MXFP4_GPU_PLATFORM_HIP_RUNTIME_H_
